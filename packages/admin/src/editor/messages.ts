export * from '@canopy/ui';
