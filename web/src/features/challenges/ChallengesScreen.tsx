import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { CHALLENGE_MESSAGES, type Challenge, type CreateChallengeBody } from '@warriors/contracts';
import { useAppSelector } from '../../lib/hooks';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { StatusNote } from '../../components/StatusNote';
import { Tabs, tabId } from '../../components/Tabs';
import { CHALLENGE_ID_PARAM, paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-error';
import { useFeedback } from '../../lib/use-feedback';
import { useLogFailure } from '../../lib/use-log-failure';
import { selectCurrentUser } from '../../lib/session';
import {
  useCreateChallengeMutation,
  useDeleteChallengeMutation,
  useGetChallengeQuery,
  useGetChallengesQuery,
  useGetOpenChallengesInfiniteQuery,
  useJoinChallengeMutation,
  useLeaveChallengeMutation,
  useUpdateChallengeMutation,
  type ChallengeListKey,
} from './api';
import { ChallengeCard } from './ChallengeCard';
import { ChallengeDetailModal } from './ChallengeDetailModal';
import { ChallengeFormModal } from './ChallengeFormModal';
import { CHALLENGE_DONE, EMPTY_CHALLENGE_FORM, formValuesOf, noteOf } from './challenge-rules';
import { InvitationLanding } from './InvitationLanding';
import './challenges.css';

const PANEL_ID = 'challenges-panel';
const TABS: ReadonlyArray<{ id: ChallengeListKey; label: string }> = [
  { id: 'open', label: 'Open Challenges' },
  { id: 'mine', label: 'My Challenges' },
  { id: 'past', label: 'Past Challenges' },
];
const EMPTY_TEXT: Record<ChallengeListKey, string> = {
  open: 'No open challenges available',
  mine: "You haven't joined any challenges yet",
  past: "You haven't joined any challenges yet",
};

/** The id of a challenge link (/challenges?id=...): challenge ids are positive whole numbers. */
function linkedChallengeId(text: string | null): number | null {
  if (text === null || !/^\d+$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

type Pending = { kind: 'leave' | 'delete'; challenge: Challenge };
type Editing = { mode: 'create' } | { mode: 'edit'; challenge: Challenge };

/**
 * /challenges. A visitor who is not signed in reaches it only by an invitation link and sees only the
 * invitation; everyone else gets the screen (with the invitation over it when the link names one).
 */
export default function ChallengesRoute() {
  const user = useAppSelector(selectCurrentUser);
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const linked = search.get('id');
  if (user) return <ChallengesScreen />;
  if (!linked) return <Navigate to={paths.auth} replace />;
  return (
    <div className="challenges-guest">
      <PageHeader title="Open Challenges" subtitle="Compete with fellow warriors in custom challenges" />
      <InvitationLanding
        challengeId={linked}
        signedIn={false}
        onDone={() => void navigate(paths.auth)}
        onSignUp={() => void navigate(`${paths.home}?${CHALLENGE_ID_PARAM}=${encodeURIComponent(linked)}`)}
      />
    </div>
  );
}

function ChallengesScreen() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const linkText = search.get('id');
  const linkedId = linkedChallengeId(linkText);
  const [tab, setTab] = useState<ChallengeListKey>('open');
  const openList = useGetOpenChallengesInfiniteQuery(undefined, { skip: tab !== 'open' });
  const myList = useGetChallengesQuery(tab === 'open' ? 'mine' : tab, { skip: tab === 'open' });
  const list = tab === 'open' ? openList : myList;
  useLogFailure(list.error, 'Failed to fetch challenges');
  const linkedChallenge = useGetChallengeQuery(linkedId ?? 0, { skip: linkedId === null });
  const [opened, setOpened] = useState<Challenge | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  // The page's note, and the detail dialog's own for a join made there: a note behind a dialog goes unseen.
  const page = useFeedback();
  const detail = useFeedback();
  const location = useLocation();
  const arrivedWith = noteOf(location.state);
  const [createChallenge, createState] = useCreateChallengeMutation();
  const [updateChallenge, updateState] = useUpdateChallengeMutation();
  const [joinChallenge, joinState] = useJoinChallengeMutation();
  const [leaveChallenge, leaveState] = useLeaveChallengeMutation();
  const [deleteChallenge, deleteState] = useDeleteChallengeMutation();
  const busy = joinState.isLoading || leaveState.isLoading || deleteState.isLoading;

  const closeLink = () => void navigate(paths.challenges, { replace: true });

  // A note brought from elsewhere (an invite accepted in the bell) is shown once the page's live region exists, so it is announced.
  const { succeed } = page;
  useEffect(() => {
    if (arrivedWith === null) return;
    succeed(arrivedWith);
    void navigate(paths.challenges, { replace: true, state: null });
  }, [arrivedWith, succeed, navigate]);

  const join = async (challenge: Challenge, where: typeof page) => {
    page.clear();
    detail.clear();
    try {
      await joinChallenge(challenge.id).unwrap();
      where.succeed(CHALLENGE_DONE.joined(challenge.name));
    } catch (error) {
      where.fail(errorMessage(error, CHALLENGE_MESSAGES.joinFailed));
    }
  };

  const save = async (body: CreateChallengeBody): Promise<string | null> => {
    if (!editing) return null;
    try {
      if (editing.mode === 'create') {
        await createChallenge(body).unwrap();
        setTab('mine');
        page.succeed(CHALLENGE_DONE.created(body.name));
      } else {
        await updateChallenge({ id: editing.challenge.id, body }).unwrap();
        page.succeed(CHALLENGE_DONE.updated(body.name));
      }
      setEditing(null);
      return null;
    } catch (error) {
      return errorMessage(error, editing.mode === 'create' ? CHALLENGE_MESSAGES.createFailed : CHALLENGE_MESSAGES.updateFailed);
    }
  };

  const confirm = async ({ kind, challenge }: Pending) => {
    try {
      if (kind === 'delete') {
        await deleteChallenge(challenge.id).unwrap();
        page.succeed(CHALLENGE_DONE.deleted(challenge.name));
      } else {
        await leaveChallenge(challenge.id).unwrap();
        setOpened(null);
        if (linkedId === challenge.id) closeLink();
        page.succeed(CHALLENGE_DONE.left(challenge.name));
      }
    } catch (error) {
      page.fail(kind === 'delete' ? CHALLENGE_MESSAGES.deleteActive : errorMessage(error, CHALLENGE_MESSAGES.leaveFailed));
    } finally {
      setPending(null);
    }
  };

  const ask = (kind: Pending['kind'], challenge: Challenge) => {
    page.clear();
    setPending({ kind, challenge });
  };

  const challenges = (tab === 'open' ? openList.data?.pages.flatMap((page) => page.challenges) : myList.data) ?? [];
  const canShowMore = tab === 'open' && openList.hasNextPage;
  const showLanding = linkText !== null && !opened && !(linkedChallenge.data?.is_joined ?? false) && !linkedChallenge.isFetching;
  const showLinkedDetail = linkedId !== null && !opened && linkedChallenge.data?.is_joined === true;

  const actionsFor = (challenge: Challenge) => {
    if (tab === 'open') {
      if (challenge.is_joined) return undefined;
      return (
        <Button className="btn--small" onClick={() => void join(challenge, page)} disabled={busy} aria-label={`Join Challenge ${challenge.name}`}>
          Join Challenge
        </Button>
      );
    }
    if (!challenge.can_edit && !challenge.can_delete) return undefined;
    return (
      <>
        {challenge.can_edit && (
          <Button variant="secondary" className="btn--small" onClick={() => setEditing({ mode: 'edit', challenge })} aria-label={`Edit Challenge ${challenge.name}`}>
            Edit Challenge
          </Button>
        )}
        {challenge.can_delete && (
          <Button variant="danger" className="btn--small" onClick={() => ask('delete', challenge)} aria-label={`Delete Challenge ${challenge.name}`}>
            Delete Challenge
          </Button>
        )}
      </>
    );
  };

  return (
    <>
      <PageHeader
        title="Open Challenges"
        subtitle="Compete with fellow warriors in custom challenges"
        actions={
          <Button
            onClick={() => {
              page.clear();
              setEditing({ mode: 'create' });
            }}
          >
            <span aria-hidden="true">+</span> Create Challenge
          </Button>
        }
      />
      <div className="page-feedback">
        {page.feedback?.tone === 'error' && <Alert tone="error">{page.feedback.text}</Alert>}
        <StatusNote text={page.feedback?.tone === 'success' ? page.feedback.text : null} />
      </div>
      <div className="challenges-tabs">
        <Tabs label="Challenges" tabs={TABS} selected={tab} onSelect={setTab} panelId={PANEL_ID} />
      </div>
      <section id={PANEL_ID} role="tabpanel" aria-labelledby={tabId(PANEL_ID, tab)} className="challenges-panel">
        {challenges.length === 0 ? (
          list.isFetching || list.isLoading ? (
            <p className="challenge-loading" role="status">
              <span className="spinner" aria-hidden="true" /> Loading challenges...
            </p>
          ) : (
            <p className="empty-state">{EMPTY_TEXT[tab]}</p>
          )
        ) : (
          <ul className="challenge-grid" aria-busy={list.isFetching}>
            {challenges.map((challenge) => (
              <ChallengeCard key={challenge.id} challenge={challenge} showOwnPoints={tab === 'mine'} onOpen={setOpened} actions={actionsFor(challenge)} />
            ))}
          </ul>
        )}
        {canShowMore && (
          <div className="challenge-more">
            <Button variant="secondary" onClick={() => void openList.fetchNextPage()} disabled={openList.isFetchingNextPage}>
              {openList.isFetchingNextPage ? 'Loading...' : 'Show more'}
            </Button>
          </div>
        )}
      </section>

      {opened && (
        <ChallengeDetailModal
          challengeId={opened.id}
          summary={opened}
          busy={busy}
          onClose={() => {
            detail.clear();
            setOpened(null);
          }}
          onLeave={(challenge) => ask('leave', challenge)}
          onJoin={(challenge) => void join(challenge, detail)}
          feedback={detail.feedback}
        />
      )}
      {showLinkedDetail && linkedChallenge.data && (
        <ChallengeDetailModal
          challengeId={linkedChallenge.data.id}
          summary={linkedChallenge.data}
          busy={busy}
          onClose={() => {
            detail.clear();
            closeLink();
          }}
          onLeave={(challenge) => ask('leave', challenge)}
          onJoin={(challenge) => void join(challenge, detail)}
          feedback={detail.feedback}
        />
      )}
      {showLanding && linkText !== null && (
        <InvitationLanding
          challengeId={linkText}
          signedIn
          onDone={closeLink}
          onSignUp={closeLink}
          onAccepted={(name) => {
            closeLink();
            page.succeed(CHALLENGE_DONE.accepted(name));
          }}
        />
      )}
      {editing && (
        <ChallengeFormModal
          key={editing.mode === 'edit' ? editing.challenge.id : 'new'}
          mode={editing.mode}
          initial={editing.mode === 'edit' ? formValuesOf(editing.challenge) : EMPTY_CHALLENGE_FORM}
          busy={editing.mode === 'create' ? createState.isLoading : updateState.isLoading}
          onSubmit={save}
          onClose={() => setEditing(null)}
        />
      )}
      {pending && (
        <ConfirmDialog
          title={pending.kind === 'delete' ? 'Delete challenge?' : 'Leave challenge?'}
          message={pending.kind === 'delete' ? CHALLENGE_MESSAGES.deleteConfirm(pending.challenge.name) : CHALLENGE_MESSAGES.leaveConfirm}
          confirmLabel={pending.kind === 'delete' ? 'Delete Challenge' : 'Leave Challenge'}
          busy={busy}
          onConfirm={() => void confirm(pending)}
          onCancel={() => setPending(null)}
        />
      )}
    </>
  );
}
