import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ACTIVITY_CATALOG, SCORED_ACTIVITY_TYPES, type BulkActivityBody, type LogResult } from '@warriors/contracts';
import { Alert } from '../../components/Alert';
import { Panel } from '../../components/Panel';
import { errorMessage } from '../../lib/api-error';
import { changedByLog, useLogActivityMutation, useLogBulkActivityMutation } from './api';
import { BulkModal } from './BulkModal';
import { CelebrationLayer } from './CelebrationLayer';
import { DirectMailModal } from './DirectMailModal';
import { HeldEntries, HeldNotice } from './HeldEntries';
import { HonorModal } from './HonorModal';
import { createIdempotencyKeys } from './idempotency-keys';
import { logErrorMessage, logStepFor, type DirectMailPlan, type ScoredActivityType } from './log-rules';
import { useCelebration } from './use-celebration';
import { lastLogId, UNDO_MS, UndoRecorded, type LastLog } from './UndoRecorded';
import { useFlash } from '../../lib/use-flash';
import { useReadsRefreshedAfter } from '../../lib/reads-refreshed';
import './activity.css';
import { ACTIVITY_ICONS } from '../../components/icons/activity-icons';
import { Icon, UI_ICONS } from '../../components/icons/icon';
import { activityCount, counted } from '../../lib/counted';
import { useAppSelector } from '../../lib/hooks';
import { selectCurrentUser } from '../../lib/session';
import { PendingLogs } from './PendingLogs';
import { isConnectionFailure, pendingLogOf, requestBackgroundSync, type OfflineTap } from './pending-sync';
import { usePendingSync } from './use-pending-sync';

/** The panel's id, for the screen that brings it into view. */
export const LOG_PANEL_ID = 'log-activity';

/**
 * A success line over the buttons that takes focus when it appears, so keyboard and screen reader users
 * land on the panel the page just scrolled to, one Tab from the first log button.
 */
function PanelNotice({ text }: { text: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus({ preventScroll: true }), []);
  return (
    <div className="log-panel-alert" ref={ref} tabIndex={-1}>
      <Alert tone="success">{text}</Alert>
    </div>
  );
}

/** How long a button says 'Recorded!' after its log (spec point 4). */
const RECORDED_MS = 1500;

const BULK = 'bulk';
type ButtonId = ScoredActivityType | typeof BULK;

/** A log on its way: the mutation's id and its answer. */
interface SentLog {
  requestId: string;
  unwrap: () => Promise<LogResult>;
}

type Dialog = { kind: 'directMail' } | { kind: 'honor'; activityType: ScoredActivityType } | { kind: 'bulk' };

/**
 * One button per scored activity, the modals some of them need, and what a log sets off. With a `lock`
 * the buttons are out of reach (inert) under that overlay, e.g. until the user sets a daily goal; a `notice`
 * says what just opened them.
 */
export function LogActivityPanel({ lock, notice }: { lock?: ReactNode; notice?: string }) {
  const [logActivity, singleState] = useLogActivityMutation();
  const [logBulkActivity, bulkState] = useLogBulkActivityMutation();
  const [recorded, flashRecorded] = useFlash<ButtonId>(RECORDED_MS);
  // The last log, offered for Undo for UNDO_MS; once undone it says so for as long.
  const [lastLog, showLastLog] = useFlash<LastLog>(UNDO_MS);
  const { shown, celebrate, dismiss, cancelFor } = useCelebration();
  const readsRefreshedAfter = useReadsRefreshedAfter();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [held, setHeld] = useState<{ activityId: string; message: string } | null>(null);
  // A retry of an action that failed or timed out sends its first key: the server then logs it once.
  const keys = useRef(createIdempotencyKeys()).current;
  const user = useAppSelector(selectCurrentUser);
  const pending = usePendingSync();
  const busy = singleState.isLoading || bulkState.isLoading;

  /**
   * Runs a log; resolves to the failure text for the caller to show, or null once logged. Its
   * celebration waits for the numbers it speaks about (goals, boards, badges) to refresh.
   */
  const run = async <Request,>(
    button: ButtonId,
    action: Request,
    request: (idempotencyKey: string) => SentLog,
    failureText: (error: unknown) => string,
    log: OfflineTap['log'],
  ) => {
    setHeld(null);
    // The tap's time: a log kept offline counts for the day it was made, not the day it reaches us.
    const tappedAt = new Date().toISOString();
    const key = keys.keyFor(action);
    try {
      const sent = request(key);
      const result = await sent.unwrap();
      keys.succeeded(action);
      setDialog(null);
      flashRecorded(button);
      showLastLog({ kind: 'recorded', activityId: result.activity.id, label: activityCount(result.activity.quantity, result.activity.activity_type) });
      if (result.held && result.held_message) setHeld({ activityId: result.activity.id, message: result.held_message });
      void readsRefreshedAfter(sent.requestId, changedByLog(result)).then(() => celebrate(result));
      return null;
    } catch (failure) {
      if (!user || !isConnectionFailure(failure)) return failureText(failure);
      // No connection: kept on the device with its key, shown as pending and sent when it returns.
      const entry = pendingLogOf({ key, user_id: user.id, logged_at: tappedAt, log });
      try {
        await pending.queue(entry);
      } catch (storing) {
        console.error('Failed to keep the log on this device', storing);
        return failureText(failure);
      }
      void requestBackgroundSync();
      keys.succeeded(action);
      setDialog(null);
      flashRecorded(button);
      showLastLog({ kind: 'saved', key, label: activityCount(entry.quantity, entry.activity_type) });
      return null;
    }
  };

  const logSingle = (type: ScoredActivityType) => {
    const action = { activity_type: type };
    return run(type, action, (idempotencyKey) => logActivity({ ...action, idempotencyKey }), logErrorMessage, { kind: 'single', activity_type: type });
  };

  const logBulk = (button: ButtonId, body: BulkActivityBody) =>
    run(
      button,
      { bulk: body },
      (idempotencyKey) => logBulkActivity({ body, idempotencyKey }),
      (failure) => errorMessage(failure, 'Failed to log bulk activity'),
      { kind: 'bulk', body },
    );

  const logDirectMail = (plan: DirectMailPlan) => (plan.kind === 'single' ? logSingle('direct_mail') : logBulk('direct_mail', plan.body));

  const choose = async (type: ScoredActivityType) => {
    // Busy buttons keep their focus (aria-disabled, not disabled): a tap while a log is on its way does nothing.
    if (busy) return;
    setError(null);
    const step = logStepFor(type);
    if (step === 'directMail') setDialog({ kind: 'directMail' });
    else if (step === 'honor') setDialog({ kind: 'honor', activityType: type });
    else setError(await logSingle(type));
  };

  const undone = (log: LastLog) => {
    if (log.kind === 'recorded') cancelFor(log.activityId);
    if (held?.activityId === lastLogId(log)) setHeld(null);
    showLastLog({ kind: 'undone', id: lastLogId(log), label: log.label });
  };

  const openBulk = () => {
    if (busy) return;
    setError(null);
    setDialog({ kind: 'bulk' });
  };

  return (
    <Panel title="Log Activity" id={LOG_PANEL_ID}>
      {notice && <PanelNotice text={notice} />}
      <div className={lock ? 'log-panel log-panel--locked' : 'log-panel'}>
        {lock && <div className="log-lock">{lock}</div>}
        <div className="log-grid" inert={Boolean(lock)}>
          {SCORED_ACTIVITY_TYPES.map((type) => {
            const { label, points } = ACTIVITY_CATALOG[type];
            return (
              <button key={type} type="button" className="log-button" aria-disabled={busy} onClick={() => void choose(type)}>
                <span className="log-button__icon">
                  <Icon icon={ACTIVITY_ICONS[type]} size={26} />
                </span>
                <span className="log-button__label">{label}</span>
                <span className={recorded === type ? 'log-button__points log-button__points--recorded' : 'log-button__points'}>
                  {recorded === type ? 'Recorded!' : `+${counted(points, 'pt')}`}
                </span>
              </button>
            );
          })}
          <button type="button" className="log-button log-button--bulk" aria-disabled={busy} onClick={openBulk}>
            <span className="log-button__icon">
              <Icon icon={UI_ICONS.bulkEntry} size={26} />
            </span>
            <span className="log-button__label">Bulk Entry</span>
            <span className={recorded === BULK ? 'log-button__points log-button__points--recorded' : 'log-button__points'}>{recorded === BULK ? 'Recorded!' : 'Many at once'}</span>
          </button>
        </div>
      </div>

      {/* What a log says, under the buttons: it never moves one, and Undo is not where a tile was. */}
      <div className="log-feedback">
        {error && <Alert tone="error">{error}</Alert>}
        {lastLog && <UndoRecorded key={`${lastLog.kind}:${lastLogId(lastLog)}`} log={lastLog} onUndone={() => undone(lastLog)} />}
        {held && <HeldNotice key={held.activityId} activityId={held.activityId} message={held.message} />}
        <PendingLogs />
      </div>

      <HeldEntries except={held?.activityId} />

      {dialog?.kind === 'directMail' && <DirectMailModal busy={busy} onConfirm={logDirectMail} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'honor' && <HonorModal activityType={dialog.activityType} busy={busy} onConfirm={() => logSingle(dialog.activityType)} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'bulk' && <BulkModal busy={busy} onConfirm={(body) => logBulk(BULK, body)} onClose={() => setDialog(null)} />}
      <CelebrationLayer shown={shown} onDismiss={dismiss} />
    </Panel>
  );
}
