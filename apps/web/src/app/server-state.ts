/**
 * The id of the `<script type="application/json">` a server-rendered page carries: the query
 * answers it was rendered from, for the browser to start from (decision 0026).
 */
export const SERVER_STATE_ID = 'vitrin-state';
