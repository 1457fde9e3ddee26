export * from './token-bucket';
export * from './rate-limiter';
