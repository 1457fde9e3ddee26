export * from './errors';
export * from './calendar';
export * from './auth';
export * from './picture';
export * from './activity';
export * from './gamification';
export * from './campaigns';
export * from './events';
