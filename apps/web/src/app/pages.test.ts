import { webRoutes } from '@outpost/contracts/web-routes';
import { describe, expect, it } from 'vitest';
import { pageModulesOf } from '../../vite-plugins/route-preload';
import { pages } from './pages';
import source from './pages.ts?raw';

describe('the page table', () => {
  it('has one entry for each route of the contract, no more, no fewer', () => {
    expect(Object.keys(pages).sort()).toEqual(webRoutes.map((route) => route.path).sort());
  });

  it('names every page module where the build reads it (route preload hints)', () => {
    const modules = pageModulesOf(source);
    expect([...modules.keys()].sort()).toEqual(Object.keys(pages).sort());
    expect(modules.get('/')).toBe('dashboard');
    expect(modules.get('/support/contact')).toBe('support-guides');
    expect(modules.get('/rewards/faq')).toBe('rewards');
  });
});
