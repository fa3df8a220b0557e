/** Services grid of the home page (docs/product.md#home). */
export type Service = { title: string; text: string; image: string; to: string };

export const services: readonly Service[] = [
  {
    title: 'Tour Packages',
    text: 'Day-by-day itineraries across Sikkim and Darjeeling, tuned to your pace and season.',
    image: '/images/services/tour-packages.svg',
    to: '/packages',
  },
  {
    title: 'Cab Services',
    text: 'Clean SUVs and sedans with hill-trained drivers for airport runs and full tours.',
    image: '/images/services/cab-service.svg',
    to: '/cars',
  },
  {
    title: 'Bike Rentals',
    text: 'Well-kept Himalayans, Classics and scooters with helmets and route advice.',
    image: '/images/services/bike-rentals.svg',
    to: '/bikes',
  },
  {
    title: 'Hotel Stays',
    text: 'Our own hotels and hand-picked stays with mountain views and warm rooms.',
    image: '/images/services/hotel-stays.svg',
    to: '/contact',
  },
  {
    title: 'Rural Homestays',
    text: 'Village homes in Uttarey, Kaluk, Dzongu and Lingdem, run by local families.',
    image: '/images/services/rural-homestays.svg',
    to: '/rural-tourism',
  },
  {
    title: 'Permits & Paperwork',
    text: 'Protected-area permits for Nathula, North Sikkim and Zuluk arranged for you.',
    image: '/images/services/permits.svg',
    to: '/contact',
  },
];
