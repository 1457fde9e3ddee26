import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { LoadingScreen } from '../components/LoadingScreen';
import { paths } from '../config/paths';
import { GuestOnly, RequireAuth, SessionGate } from '../features/auth';
import type { AppStore } from '../lib/store';
import { Layout } from './Layout';
import { NotFound } from './NotFound';

// Each screen is its own chunk, so the first load carries only the shell and the screen it shows. Screens
// load by path, not through their feature's index, so no index pulls one into another chunk.
const screen = (load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

/** The app's routes; the store readies a screen's first reads while its code loads. */
export const appRoutes = (store: AppStore): RouteObject[] => [
  {
    element: <SessionGate />,
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      {
        element: <Layout />,
        children: [
          {
            element: <GuestOnly />,
            children: [
              { path: paths.home, ...screen(() => import('../features/auth/AuthScreen')) },
              { path: paths.auth, ...screen(() => import('../features/auth/AuthScreen')) },
              { path: paths.forgotPassword, ...screen(() => import('../features/auth/ForgotPasswordScreen')) },
            ],
          },
          {
            element: <RequireAuth />,
            children: [
              {
                path: paths.dashboard,
                lazy: async () => {
                  const { default: Component, primeFirstScreen } = await import('./dashboard/DashboardScreen');
                  await primeFirstScreen(store);
                  return { Component };
                },
              },
              { path: paths.leaderboard, ...screen(() => import('../features/leaderboard/LeaderboardScreen')) },
              { path: paths.badges, ...screen(() => import('../features/badges/BadgesScreen')) },
              { path: paths.goals, ...screen(() => import('../features/goals/GoalsScreen')) },
              { path: paths.stats, ...screen(() => import('./stats/StatsScreen')) },
              { path: paths.profile, ...screen(() => import('../features/profile/ProfileScreen')) },
              { path: paths.userProfile, ...screen(() => import('../features/profile/ProfileScreen')) },
            ],
          },
          // Protected, except that an invitation link (/challenges?id=...) shows its invitation to a visitor
          // who is not signed in: the screen guards itself.
          { path: paths.challenges, ...screen(() => import('../features/challenges/ChallengesScreen')) },
          // A mail's links work signed in or not.
          { path: paths.resetPassword, ...screen(() => import('../features/auth/ResetPasswordScreen')) },
          { path: paths.verifyEmail, ...screen(() => import('../features/auth/VerifyEmailScreen')) },
          { path: paths.unsubscribe, ...screen(() => import('../features/mail/UnsubscribeScreen')) },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];
