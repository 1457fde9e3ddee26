import { createLogger, loadConfig, ServiceProcessEnv } from '../src';

const SECRET = 'x'.repeat(32);

describe('LOG_LEVEL', () => {
  const saved = process.env.LOG_LEVEL;
  afterEach(() => {
    if (saved === undefined) delete process.env.LOG_LEVEL;
    else process.env.LOG_LEVEL = saved;
  });

  it('is read at start like every other variable', () => {
    expect(loadConfig(ServiceProcessEnv, { JWT_SECRET: SECRET, LOG_LEVEL: 'debug' }).LOG_LEVEL).toBe('debug');
    expect(loadConfig(ServiceProcessEnv, { JWT_SECRET: SECRET }).LOG_LEVEL).toBe('info');
  });

  it('refuses a level pino does not have, naming the variable', () => {
    expect(() => loadConfig(ServiceProcessEnv, { JWT_SECRET: SECRET, LOG_LEVEL: 'verbose' })).toThrow(/^Invalid configuration: LOG_LEVEL: /);
  });

  it('still gives the process a logger to report the wrong level with', () => {
    process.env.LOG_LEVEL = 'verbose';
    expect(createLogger('test').level).toBe('info');
  });
});
