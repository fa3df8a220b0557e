/**
 * Traveller testimonials (docs/product.md#content-pages: 8 static testimonials with rating 1-5 and
 * package).
 */
export type Testimonial = {
  name: string;
  location: string;
  image: string;
  rating: 1 | 2 | 3 | 4 | 5;
  text: string;
  package: string;
};

export const testimonials: readonly Testimonial[] = [
  {
    name: 'Ananya Sharma',
    location: 'Kolkata',
    image: '/images/avatars/avatar-1.svg',
    rating: 5,
    text: 'Our driver knew every bend of the North Sikkim road and every tea stall worth stopping at. Gurudongmar at dawn was the highlight of our year.',
    package: 'North Sikkim & Gangtok Explorer',
  },
  {
    name: 'Rahul Mehta',
    location: 'Bengaluru',
    image: '/images/avatars/avatar-2.svg',
    rating: 5,
    text: 'Permits, hotels and the Nathula slot were all sorted before we landed at Bagdogra. We just had to show up and enjoy the mountains.',
    package: 'Sikkim Explorer',
  },
  {
    name: 'Priya Nair',
    location: 'Kochi',
    image: '/images/avatars/avatar-3.svg',
    rating: 4,
    text: 'The homestay in Dzongu felt like staying with family. Fresh food, river walks and the kindest hosts. A slow, beautiful week.',
    package: 'Rural Sikkim Homestays',
  },
  {
    name: 'Daniel Fischer',
    location: 'Munich, Germany',
    image: '/images/avatars/avatar-4.svg',
    rating: 5,
    text: 'I rented a Himalayan 450 for a week. The bike was in perfect shape and the team helped me plan a safe route with realistic road times.',
    package: 'Bike rental: Himalayan 450',
  },
  {
    name: 'Sneha & Arjun',
    location: 'Delhi',
    image: '/images/avatars/avatar-5.svg',
    rating: 5,
    text: 'Our honeymoon in Pelling and Darjeeling was calm and thoughtfully paced, with a room facing Kanchenjunga every single morning.',
    package: 'Darjeeling, Pelling & Gangtok',
  },
  {
    name: 'Karma Bhutia',
    location: 'Siliguri',
    image: '/images/avatars/avatar-6.svg',
    rating: 4,
    text: 'Booked a cab for a family wedding trip at short notice. Clean Innova, punctual driver and a fair price. Will book again.',
    package: 'Cab service: Innova Crysta',
  },
  {
    name: 'Meera Iyer',
    location: 'Chennai',
    image: '/images/avatars/avatar-7.svg',
    rating: 5,
    text: 'As a solo traveller I felt safe and looked after throughout. The 24/7 number really was answered at 11 at night when our road was closed.',
    package: 'Gangtok Weekend Getaway',
  },
  {
    name: 'Tom & Lucy Walker',
    location: 'Manchester, UK',
    image: '/images/avatars/avatar-8.svg',
    rating: 5,
    text: 'The Darjeeling tea estate walk and the toy train were magical. Our guide shared stories we would never have found in a guidebook.',
    package: 'Darjeeling Tea Trails',
  },
];
