export * from './mp4.js';
export * from './encrypt.js';
export * from './decrypt.js';
