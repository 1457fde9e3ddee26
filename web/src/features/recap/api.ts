import type { RecapNotice, WeeklyRecap } from '@warriors/contracts';
import { api } from '../../lib/api';

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
      onQueryStarted: async (noticeId, { dispatch, queryFulfilled }) => {
        const patch = dispatch(
          recapApi.util.updateQueryData('getRecapNotices', undefined, (notices) => {
            for (const notice of notices) if (notice.id === noticeId) notice.is_read = true;
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
  }),
});

export const { useGetWeeklyRecapQuery, useGetRecapNoticesQuery, useMarkRecapNoticeReadMutation } = recapApi;
