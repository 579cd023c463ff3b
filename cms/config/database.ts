// PostgreSQL: the CMS keeps its content in a database of its own on the same server as the race
// data (the embedded PostgreSQL of `npm start`, which creates the database and passes its
// address as DATABASE_URL), so there is one server to supervise and back up and no native
// addon to rebuild per Node version. Any PostgreSQL works: set DATABASE_URL.
export default ({ env }) => ({
  connection: {
    client: 'postgres',
    connection: {
      connectionString: env('DATABASE_URL', 'postgres://postgres@127.0.0.1:25432/ll_cms'),
      ssl: env.bool('DATABASE_SSL', false),
    },
    pool: { min: 0, max: env.int('DATABASE_POOL_MAX', 5) },
    acquireConnectionTimeout: env.int('DATABASE_CONNECTION_TIMEOUT', 60000),
  },
});
