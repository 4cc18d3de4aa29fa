export * from './toasts';
export * from './loader';
export * from './dialogs';
export * from './auth/renewal';
export * from './auth/return-path';
export * from './auth/sign-in';
export * from './commands';
export * from './theme';
