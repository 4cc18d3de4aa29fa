export * from './stream';
export * from './hooks';
export * from './LockRequests';
