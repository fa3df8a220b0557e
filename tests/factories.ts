/**
 * Test data factories with overrides (docs/architecture.md#tests). `build*` returns insert values,
 * `create*` inserts through the current test database and returns the row.
 */
import { randomUUID } from 'node:crypto';
import { db } from '~/db/client.server';
import {
  bikes,
  bookings,
  cars,
  drivers,
  inquiries,
  tourPackages,
  type NewBike,
  type NewBooking,
  type NewCar,
  type NewDriver,
  type NewInquiry,
  type NewTourPackage,
} from '~/db/schema';

const unique = () => randomUUID().slice(0, 8);

export function buildPackage(overrides: Partial<NewTourPackage> = {}): NewTourPackage {
  return {
    title: `Test Package ${unique()}`,
    description: 'A test package through the hills.',
    duration: '3 Days / 2 Nights',
    location: 'Gangtok',
    category: 'adventure',
    imageUrl: '/images/placeholder.svg',
    itinerary: [{ day: 1, title: 'Arrive', description: 'Transfer to the hotel.', activities: [], meals: 'Dinner', stay: 'Gangtok' }],
    ...overrides,
  };
}

export async function createPackage(overrides: Partial<NewTourPackage> = {}) {
  const [row] = await db().insert(tourPackages).values(buildPackage(overrides)).returning();
  return row!;
}

export function buildBike(overrides: Partial<NewBike> = {}): NewBike {
  return { model: `Test Bike ${unique()}`, description: 'A test bike.', engineCapacity: '411cc', category: 'Adventure', ...overrides };
}

export async function createBike(overrides: Partial<NewBike> = {}) {
  const [row] = await db().insert(bikes).values(buildBike(overrides)).returning();
  return row!;
}

export function buildCar(overrides: Partial<NewCar> = {}): NewCar {
  return { model: `Test Car ${unique()}`, description: 'A test car.', category: 'suv', dailyRate: 2500, ...overrides };
}

export async function createCar(overrides: Partial<NewCar> = {}) {
  const [row] = await db().insert(cars).values(buildCar(overrides)).returning();
  return row!;
}

/** A pending package booking by Asha Rai (docs/product.md, bookings); any field can be overridden. */
export function buildBooking(overrides: Partial<NewBooking> = {}): NewBooking {
  return {
    type: 'package',
    itemName: 'Sikkim Explorer',
    name: 'Asha Rai',
    email: 'asha.rai@example.com',
    phone: '+91 90000 00001',
    startDate: '2027-01-05',
    status: 'pending',
    ...overrides,
  };
}

export async function createBooking(overrides: Partial<NewBooking> = {}) {
  const [row] = await db().insert(bookings).values(buildBooking(overrides)).returning();
  return row!;
}

/** A contact-form inquiry from Pema Lhamu about permits; any field can be overridden. */
export function buildInquiry(overrides: Partial<NewInquiry> = {}): NewInquiry {
  return { type: 'contact', name: 'Pema Lhamu', email: 'pema@example.com', subject: 'Permits', message: 'Hello there', ...overrides };
}

export async function createInquiry(overrides: Partial<NewInquiry> = {}) {
  const [row] = await db().insert(inquiries).values(buildInquiry(overrides)).returning();
  return row!;
}

/** Tashi Bhutia, a driver whose licence runs to 2030; any field can be overridden. */
export function buildDriver(overrides: Partial<NewDriver> = {}): NewDriver {
  return {
    name: `Tashi Bhutia ${unique()}`,
    phone: '+91 94340 00001',
    licenceNumber: `SK01 2015 ${unique()}`,
    licenceExpiresOn: '2030-06-30',
    languages: 'Nepali, Hindi, English',
    ...overrides,
  };
}

export async function createDriver(overrides: Partial<NewDriver> = {}) {
  const [row] = await db().insert(drivers).values(buildDriver(overrides)).returning();
  return row!;
}
