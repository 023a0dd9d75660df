export * from './accounts';
export * from './companies';
export * from './document-types';
export * from './notifications';
export * from './mail';
