export * from './stream';
export * from './hooks';
