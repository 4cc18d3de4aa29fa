export * from './registry';
export * from './WithReason';
export * from './CommandButton';
export * from './Authorized';
export * from './messages';
