// Test doubles for the apps' unit tests (`@shop/shared/testing`); never imported by app code.
export * from './fakeBackend';
export * from './harness';
export * from './sampleAddress';
