import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { FormErrors } from '../../components/FormErrors';

interface LogFormModalProps {
  title: string;
  submitLabel: string;
  busy: boolean;
  /** The rule texts the form breaks now; an empty list lets it log. */
  validate: () => string[];
  /** Logs; resolves to the failure text, or null once logged. */
  log: () => Promise<string | null>;
  onClose: () => void;
  /** Shown above the errors, e.g. what the user vouches for. */
  intro?: ReactNode;
  /** The fields; their ids derive from the form's id so labels stay tied to inputs. */
  children: (formId: string) => ReactNode;
}

/**
 * The frame every logging modal shares: its rules checked on submit and, after a first try, as the user
 * types (a value put right loses its error at once), errors on top, Cancel and the log button.
 */
export function LogFormModal({ title, submitLabel, busy, validate, log, onClose, intro, children }: LogFormModalProps) {
  const formId = useId();
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const problems = tried ? validate() : [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setFailure(null);
    if (validate().length > 0) return;
    setFailure(await log());
  };

  return (
    <Modal
      title={title}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={busy}>
            {busy ? 'Logging...' : submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} className="form" onSubmit={submit} onChange={() => setFailure(null)} noValidate>
        {intro}
        <FormErrors errors={failure ? [...problems, failure] : problems} />
        {children(formId)}
      </form>
    </Modal>
  );
}
