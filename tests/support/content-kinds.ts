// Vitest setup of the database tests: the kinds of content that keep a history are registered,
// as the app's request handler and seed plan register them.
import "#app/content-kinds.server.ts";
