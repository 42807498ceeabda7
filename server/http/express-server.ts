import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Express } from 'express';

/**
 * The HTTP server for an Express app, whose requests and responses are made with Express's own
 * prototypes (`app.request`, `app.response`) from the start. Express sets those prototypes on every
 * request it handles (`Object.setPrototypeOf`); on an object that has them already, that changes nothing.
 * Why: after that swap V8 carried each request's objects through two young-generation collections into
 * the old one, ~13 KB per request for a bare Express app and ~30 KB per join here, so a rush of joins
 * filled the old generation and brought its full collections into the rush (bench B2;
 * docs/decisions/0025-request-values-die-young.md). `express-server.test.ts` measures it.
 */
export function createExpressServer(app: Express): http.Server {
  function Request(this: IncomingMessage, socket: Socket) {
    http.IncomingMessage.call(this, socket);
  }
  Request.prototype = app.request;
  function Response(this: ServerResponse, req: IncomingMessage, options?: object) {
    (http.ServerResponse as unknown as (req: IncomingMessage, options?: object) => void).call(this, req, options);
  }
  Response.prototype = app.response;
  return http.createServer(
    {
      IncomingMessage: Request as unknown as typeof IncomingMessage,
      ServerResponse: Response as unknown as typeof ServerResponse,
    },
    app,
  );
}
