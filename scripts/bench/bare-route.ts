/** The bench's baseline route: a bare express JSON answer behind the same gateway. */
export const BARE_PATH = '/api/bench/bare';
