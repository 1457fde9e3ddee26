// The kudos feature's public surface: the bell's kudos line and its poll (the nav bar's chunk, apart from the dashboard's).
export { useGetKudosInboxQuery } from './api';
export { KudosItem } from './KudosItem';
