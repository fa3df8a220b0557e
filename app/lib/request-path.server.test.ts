import { describe, expect, test } from 'vitest';
import { isAdminPath, isApiPath, normalisedPath } from './request-path.server';

describe('normalisedPath', () => {
  test.each([
    ['/API/packages', '/api/packages'],
    ['/%61pi/packages', '/api/packages'],
    ['/%2561pi/packages', '/api/packages'],
    ['//api//packages/', '/api/packages'],
    ['/x/../api/./packages', '/api/packages'],
    ['/../../api', '/api'],
    ['\\api\\packages', '/api/packages'],
    ['/Admin/Packages?x=1', '/admin/packages'],
    ['/%E0%A4%A', '/%e0%a4%a'],
    ['/', '/'],
  ])('%s is %s', (raw, expected) => {
    expect(normalisedPath(raw)).toBe(expected);
  });

  test('the admin area and the API are recognised whatever the spelling', () => {
    for (const p of ['/admin', '/ADMIN/packages', '/%41dmin/x', '/Admin.data', '//admin/']) expect(isAdminPath(p), p).toBe(true);
    for (const p of ['/administrator', '/tours/admin']) expect(isAdminPath(p), p).toBe(false);
    for (const p of ['/api', '/API/packages', '/%61PI/x', '/./api/x']) expect(isApiPath(p), p).toBe(true);
    for (const p of ['/apis', '/tours/api']) expect(isApiPath(p), p).toBe(false);
  });
});
