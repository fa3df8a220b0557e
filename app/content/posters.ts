/** Upcoming expedition posters of the home page (docs/product.md#home). */
export type ExpeditionPoster = { title: string; season: string; image: string; alt: string };

export const expeditionPosters: readonly ExpeditionPoster[] = [
  { title: 'Goecha La Trek', season: 'April - May & October', image: '/images/posters/goecha-la.svg', alt: 'Poster: Goecha La trek with Kanchenjunga views' },
  { title: 'North Sikkim Ride', season: 'May - June', image: '/images/posters/north-sikkim-ride.svg', alt: 'Poster: motorbike expedition to Gurudongmar Lake' },
  { title: 'Winter Zuluk', season: 'December - February', image: '/images/posters/winter-zuluk.svg', alt: 'Poster: snowbound Zuluk on the old Silk Route' },
];
