import { useState } from 'react';
import { EXPORT_ACTIVITIES_CSV_PATH, EXPORT_ME_JSON_PATH } from '@warriors/contracts';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Icon, UI_ICONS } from '../../components/icons/icon';
import { API_BASE } from '../../lib/base-query';
import { DownloadError, downloadFile } from '../../lib/download';
import { useAppSelector } from '../../lib/hooks';
import { selectSessionToken } from '../../lib/session';

export const DOWNLOAD_FAILED = 'Failed to download your data. Please try again.';

const DOWNLOADS = [
  { kind: 'csv', label: 'Activities (CSV)', busy: 'Preparing CSV...', path: EXPORT_ACTIVITIES_CSV_PATH, fallbackName: 'prospect-warriors-activities.csv' },
  { kind: 'json', label: 'Everything (JSON)', busy: 'Preparing JSON...', path: EXPORT_ME_JSON_PATH, fallbackName: 'prospect-warriors-data.json' },
] as const;

/** 'Download my data': the activity log for a spreadsheet, or everything kept about the broker. */
export function DownloadData() {
  const token = useAppSelector(selectSessionToken);
  const [busy, setBusy] = useState<'csv' | 'json' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const download = async (choice: (typeof DOWNLOADS)[number]) => {
    setBusy(choice.kind);
    setError(null);
    try {
      await downloadFile(choice.path.slice(API_BASE.length), token, choice.fallbackName);
    } catch (err) {
      setError((err instanceof DownloadError && err.serverMessage) || DOWNLOAD_FAILED);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="stack">
      <p>Take your activity log to a spreadsheet, or everything Prospect Warriors keeps about you: profile, entries, points, badges, goals and challenges.</p>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="download-data__actions">
        {DOWNLOADS.map((choice) => (
          <Button key={choice.kind} variant="secondary" onClick={() => void download(choice)} disabled={busy !== null}>
            <Icon icon={UI_ICONS.download} />
            {busy === choice.kind ? choice.busy : choice.label}
          </Button>
        ))}
      </div>
    </div>
  );
}
