/**
 * The write side of each catalogue entity in one place: schema, API body normalizer and model
 * functions, used by the admin API routes (app/services/catalog-api.server.ts). The model functions take
 * the audit actor as their last argument and record the entry in the write's transaction
 * (docs/decisions/017-audit-log.md).
 */
import { createBike, deleteBike, updateBike } from '~/models/bike.server';
import { createCar, deleteCar, updateCar } from '~/models/car.server';
import { createPackage, deletePackage, updatePackage } from '~/models/package.server';
import { bikeWriteSchema, normalizeBikeInput } from '~/schemas/bike';
import { carWriteSchema, normalizeCarInput } from '~/schemas/car';
import { normalizePackageInput, packageWriteSchema } from '~/schemas/package';
import type { CatalogWriter } from './catalog-api.server';

export const packageWriter = {
  entity: 'Package',
  schema: packageWriteSchema,
  normalize: normalizePackageInput,
  create: createPackage,
  update: updatePackage,
  remove: deletePackage,
} satisfies CatalogWriter<typeof packageWriteSchema, unknown>;

export const bikeWriter = {
  entity: 'Bike',
  schema: bikeWriteSchema,
  normalize: normalizeBikeInput,
  create: createBike,
  update: updateBike,
  remove: deleteBike,
} satisfies CatalogWriter<typeof bikeWriteSchema, unknown>;

export const carWriter = {
  entity: 'Car',
  schema: carWriteSchema,
  normalize: normalizeCarInput,
  create: createCar,
  update: updateCar,
  remove: deleteCar,
} satisfies CatalogWriter<typeof carWriteSchema, unknown>;
