export { JellyfinClient, type JellyfinConfig, type ListOptions } from './client';
