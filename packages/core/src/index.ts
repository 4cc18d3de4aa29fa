export * from './constants';
export * from './entities';
export * from './tree';
export * from './versions';
export * from './locks';
export * from './permissions';
