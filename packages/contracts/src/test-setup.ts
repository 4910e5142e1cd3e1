// Schemas are checked against the texts the server would send: register all three languages.
import './messages-all.ts';
