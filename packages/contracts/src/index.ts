export * from './errors';
export * from './auth';
export * from './activity';
export * from './gamification';
export * from './events';
