// The recap feature's public surface: the dashboard's weekly recap card and its line in the bell.
export { useGetRecapNoticesQuery } from './api';
export { RECAP_CARD_ID, WeeklyRecapCard } from './RecapCard';
export { RecapNoticeItem } from './RecapNoticeItem';
export { accountExistedIn, recapState, wantsRecap } from './recap-rules';
