/**
 * The staff sign-in form and POST /api/auth/login body (docs/product.md, "Forms and validation":
 * username and password required). Client-safe: Conform uses it in the browser.
 */
import { z } from 'zod';

export const loginSchema = z.object({
  username: z.string({ error: 'Please enter your username' }).trim().min(1, 'Please enter your username').max(100, 'At most 100 characters'),
  password: z.string({ error: 'Please enter your password' }).min(1, 'Please enter your password').max(1024, 'At most 1024 characters'),
  redirectTo: z.string().max(500).optional(),
});

export type LoginInput = z.infer<typeof loginSchema>;
