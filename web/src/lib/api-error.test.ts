import { errorMessage, formatErrorDetail } from './api-error';

describe('formatErrorDetail', () => {
  it('shows a text detail as is', () => {
    expect(formatErrorDetail({ detail: 'Incorrect email or password' }, 401)).toBe('Incorrect email or password');
  });

  it("joins validation items as 'field: message' with commas, naming the field by the last location element", () => {
    const body = {
      detail: [
        { loc: ['body', 'email'], msg: 'Enter a valid email address' },
        { loc: ['body', 'password'], msg: 'Password must be at least 8 characters' },
      ],
    };
    expect(formatErrorDetail(body, 422)).toBe('email: Enter a valid email address, password: Password must be at least 8 characters');
  });

  it('shows a message without location as is', () => {
    expect(formatErrorDetail({ detail: [{ loc: [], msg: 'Bad input' }] }, 422)).toBe('Bad input');
  });

  it("says 'Validation failed (status)' for an empty list", () => {
    expect(formatErrorDetail({ detail: [] }, 422)).toBe('Validation failed (422)');
  });

  it('gives nothing for a body without a usable detail', () => {
    expect(formatErrorDetail(null, 500)).toBeNull();
    expect(formatErrorDetail('Bad gateway', 502)).toBeNull();
    expect(formatErrorDetail({ error: 'x' }, 500)).toBeNull();
    expect(formatErrorDetail({ detail: '' }, 500)).toBeNull();
  });
});

describe('errorMessage', () => {
  it("prefers the server's message, else the operation's fallback", () => {
    expect(errorMessage({ status: 400, message: 'Email already registered' }, 'Signup failed')).toBe('Email already registered');
    expect(errorMessage({ status: 500, message: null }, 'Signup failed')).toBe('Signup failed');
    expect(errorMessage({ status: 'FETCH_ERROR', message: null }, 'Login failed')).toBe('Login failed');
    expect(errorMessage(new Error('boom'), 'Failed to save profile')).toBe('Failed to save profile');
  });
});
