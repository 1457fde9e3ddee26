import { useEffect, useId, useState } from 'react';
import { USER_SEARCH_MIN_CHARS, personName } from '@warriors/contracts';
import { useAppSelector } from '../../lib/hooks';
import { useLogFailure } from '../../lib/use-log-failure';
import { selectCurrentUser } from '../../lib/session';
import { useSearchUsersQuery } from './api';
import { pickable, type Invitee } from './challenge-rules';
import { TextField } from '../../components/TextField';

/** Spec point 5: the search waits for 300 ms of quiet typing. */
export const USER_SEARCH_DEBOUNCE_MS = 300;

function useDebounced(text: string, delayMs: number): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(text), delayMs);
    return () => window.clearTimeout(timer);
  }, [text, delayMs]);
  return settled;
}

interface InviteeSearchProps {
  picked: Invitee[];
  onChange: (next: Invitee[]) => void;
}

/** Finds warriors by name or username (2+ characters) and keeps the picked ones as removable chips. */
export function InviteeSearch({ picked, onChange }: InviteeSearchProps) {
  const inputId = useId();
  const self = useAppSelector(selectCurrentUser);
  const [text, setText] = useState('');
  const query = useDebounced(text.trim(), USER_SEARCH_DEBOUNCE_MS);
  // Results show for what is typed now: nothing once the field is cleared, even before the debounce settles.
  const searching = query.length >= USER_SEARCH_MIN_CHARS && text.trim().length >= USER_SEARCH_MIN_CHARS;
  const { data, error, isFetching } = useSearchUsersQuery(query, { skip: !searching });
  useLogFailure(error, 'Failed to search users');
  const results = searching && data ? pickable(data, picked, self?.id) : [];

  const add = (invitee: Invitee) => {
    onChange([...picked, { id: invitee.id, name: invitee.name, username: invitee.username }]);
    setText('');
  };

  return (
    <div className="invitee-search">
      <TextField
        id={inputId}
        label="Search Warriors"
        hint={<>Type at least {USER_SEARCH_MIN_CHARS} characters.</>}
        type="search"
        value={text}
        autoComplete="off"
        placeholder="Search by name or username"
        onChange={(event) => setText(event.target.value)}
      />
      {searching && (
        <div aria-live="polite">
          {isFetching && !data ? (
            <p className="muted">Searching...</p>
          ) : results.length === 0 ? (
            <p className="muted">No warriors found</p>
          ) : (
            <ul className="invitee-search__results" aria-label="Search results">
              {results.map((result) => (
                <li key={result.id}>
                  <span>
                    <strong>{personName(result.name, result.username)}</strong> <span className="muted">@{result.username}</span>
                  </span>
                  <button type="button" className="btn btn--secondary btn--small" onClick={() => add(result)} aria-label={`Invite ${personName(result.name, result.username)}`}>
                    Invite
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {picked.length > 0 && (
        <ul className="invitee-search__picked" aria-label="Warriors to invite">
          {picked.map((invitee) => (
            <li key={invitee.id} className="invitee-chip">
              {personName(invitee.name, invitee.username)} <span className="muted">@{invitee.username}</span>
              <button
                type="button"
                className="invitee-chip__remove"
                aria-label={`Remove ${personName(invitee.name, invitee.username)}`}
                onClick={() => onChange(picked.filter((other) => other.id !== invitee.id))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
