/**
 * The process logger (pino, JSON lines on stdout); level from LOG_LEVEL. Lines written while a
 * request is served carry its id as `reqId` (app/lib/request-store.server.ts).
 */
import pino from 'pino';
import { currentRequest } from './request-store.server';

export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
  base: undefined,
  mixin: () => {
    const request = currentRequest();
    return request ? { reqId: request.requestId } : {};
  },
  redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
});
