import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { RatingStars } from '~/components/site/catalog/bits';
import { carStructuredData } from '~/components/site/catalog/structured-data';
import type { Car } from '~/db/schema';
import { ratingFormValues, showsRating } from './rating';

describe('showsRating (docs/decisions/006-display-fields.md)', () => {
  test('a rating shows only with at least one review', () => {
    expect(showsRating({ rating: 4.8, reviewCount: 0 })).toBe(false);
    expect(showsRating({ rating: 0, reviewCount: 0 })).toBe(false);
    expect(showsRating({ rating: 4.8, reviewCount: 1 })).toBe(true);
    expect(showsRating({ rating: 0, reviewCount: 3 })).toBe(false);
  });

  test('the editor shows no rating as two blank fields', () => {
    expect(ratingFormValues({ rating: 4.8, reviewCount: 0 })).toEqual({ rating: '', reviewCount: '' });
    expect(ratingFormValues({ rating: 4.6, reviewCount: 12 })).toEqual({ rating: 4.6, reviewCount: 12 });
  });

  test('RatingStars prints nothing for a rating with 0 reviews', () => {
    expect(renderToStaticMarkup(createElement(RatingStars, { rating: 4.8, reviewCount: 0 }))).toBe('');
    expect(renderToStaticMarkup(createElement(RatingStars, { rating: 4.8, reviewCount: 2 }))).toContain('4.8');
  });

  test('car JSON-LD has an aggregateRating only with reviews', () => {
    const car = {
      id: 'c1',
      model: 'Swift',
      description: '',
      imageUrl: '',
      gallery: [],
      features: '',
      dailyRate: 2000,
      available: true,
      rating: 4.8,
      reviewCount: 0,
    } as unknown as Car;
    const ctx = {
      origin: 'https://example.com',
      url: 'https://example.com/cars/c1',
      company: { name: 'X', phone: '+919832055555', email: 'a@b.in', address: 'Gangtok' },
    };
    expect(carStructuredData(car, ctx).aggregateRating).toBeUndefined();
    expect(carStructuredData({ ...car, reviewCount: 5 }, ctx).aggregateRating).toMatchObject({ ratingValue: 4.8, reviewCount: 5 });
  });
});
