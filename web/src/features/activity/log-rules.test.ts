import { MESSAGES } from '@warriors/contracts';
import { logErrorMessage, logStepFor, planDirectMail, toBulkBody, validateBulkForm, validateDirectMail, type BulkFormValues } from './log-rules';

const bulk = (overrides: Partial<BulkFormValues> = {}): BulkFormValues => ({
  activityType: 'cold_call',
  quantity: '10',
  note: '',
  honestyConfirmed: true,
  ...overrides,
});

describe('logStepFor', () => {
  it('asks direct mail for a quantity, meetings and live conversations for the honor system, and logs the rest at once', () => {
    expect(logStepFor('direct_mail')).toBe('directMail');
    expect(logStepFor('meeting')).toBe('honor');
    expect(logStepFor('live_conversation')).toBe('honor');
    expect(logStepFor('cold_call')).toBe('immediate');
    expect(logStepFor('newsletter_sent')).toBe('immediate');
  });
});

describe('validateBulkForm', () => {
  it('accepts 1 to 100 with the honesty box ticked', () => {
    expect(validateBulkForm(bulk({ quantity: '1' }))).toEqual([]);
    expect(validateBulkForm(bulk({ quantity: '20' }))).toEqual([]);
    expect(validateBulkForm(bulk({ quantity: '100', note: 'Mailed the whole block' }))).toEqual([]);
  });

  it('rejects quantities outside 1-100 or not whole', () => {
    for (const quantity of ['0', '101', '', '2.5', '-3', 'ten']) {
      expect(validateBulkForm(bulk({ quantity }))).toEqual([MESSAGES.quantity]);
    }
  });

  it('needs a note of at least 10 characters above 20', () => {
    expect(validateBulkForm(bulk({ quantity: '21' }))).toEqual([MESSAGES.note]);
    expect(validateBulkForm(bulk({ quantity: '21', note: '   short   ' }))).toEqual([MESSAGES.note]);
    expect(validateBulkForm(bulk({ quantity: '21', note: 'Call block' }))).toEqual([]);
  });

  it('needs the honesty confirmation', () => {
    expect(validateBulkForm(bulk({ honestyConfirmed: false }))).toEqual([MESSAGES.honesty]);
  });

  it('sends a trimmed note, or null without one', () => {
    expect(toBulkBody(bulk({ quantity: '25', note: '  Mailed the block  ' }))).toEqual({
      activity_type: 'cold_call',
      quantity: 25,
      note: 'Mailed the block',
      honesty_confirmed: true,
    });
    expect(toBulkBody(bulk()).note).toBeNull();
  });
});

describe('direct mail', () => {
  it("asks for at least 1 with 'Please enter a valid quantity'", () => {
    expect(validateDirectMail('0', '')).toEqual([MESSAGES.directMailQuantity]);
    expect(validateDirectMail('', '')).toEqual([MESSAGES.directMailQuantity]);
    expect(validateDirectMail('101', '')).toEqual([MESSAGES.quantity]);
    expect(validateDirectMail('21', '')).toEqual([MESSAGES.note]);
    expect(validateDirectMail('5', '')).toEqual([]);
  });

  it('logs one mailer singly and more as a bulk entry with the honesty confirmation', () => {
    expect(planDirectMail('1', '')).toEqual({ kind: 'single', activity_type: 'direct_mail' });
    expect(planDirectMail('5', '')).toEqual({
      kind: 'bulk',
      body: { activity_type: 'direct_mail', quantity: 5, note: null, honesty_confirmed: true },
    });
  });
});

describe('logErrorMessage', () => {
  it("prefixes 'Failed to log activity: ' to the server's message, the status fallback or 'Unknown error'", () => {
    expect(logErrorMessage({ status: 400, message: 'Daily limit reached' })).toBe('Failed to log activity: Daily limit reached');
    expect(logErrorMessage({ status: 500, message: null })).toBe('Failed to log activity: Failed to log activity (500)');
    expect(logErrorMessage({ status: 'FETCH_ERROR', message: null })).toBe('Failed to log activity: Unknown error');
    expect(logErrorMessage(undefined)).toBe('Failed to log activity: Unknown error');
  });
});
