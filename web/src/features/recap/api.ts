import type { RecapNotice, WeeklyRecap } from '@warriors/contracts';
import { api, markReadIn, undoOnFailure } from '../../lib/api';

export const recapApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWeeklyRecap: build.query<WeeklyRecap, void>({
      query: () => '/recap/weekly',
      providesTags: ['Recap'],
    }),
    /** The bell's recap line: the first read of the week makes it on the server. */
    getRecapNotices: build.query<RecapNotice[], void>({
      query: () => '/recap/notices',
      providesTags: ['RecapNotices'],
    }),
    /** The notice reads as read at once; a failure puts it back. */
    markRecapNoticeRead: build.mutation<RecapNotice, string>({
      query: (noticeId) => ({ url: `/recap/notices/${encodeURIComponent(noticeId)}/read`, method: 'PUT' }),
      onQueryStarted: (noticeId, { dispatch, queryFulfilled }): Promise<void> =>
        undoOnFailure(dispatch(recapApi.util.updateQueryData('getRecapNotices', undefined, (notices) => markReadIn(notices, noticeId))), queryFulfilled),
    }),
  }),
});

export const { useGetWeeklyRecapQuery, useGetRecapNoticesQuery, useMarkRecapNoticeReadMutation } = recapApi;
