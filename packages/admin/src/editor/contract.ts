export * from '@canopy/ui/draft';
