export * from './embedded';
export * from './gateway';
export * from './route-table';
export * from './upstream-pool';
export * from './config';
