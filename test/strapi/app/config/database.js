const path = require('node:path');

// DATABASE_CLIENT picks the database: sqlite (default), postgres or mysql (MariaDB or MySQL).
// The test harness (test/harness/db.ts) starts throwaway servers and sets the DATABASE_* variables.
module.exports = ({ env }) => {
  const client = env('DATABASE_CLIENT', 'sqlite');
  if (client === 'sqlite') {
    return {
      connection: {
        client: 'sqlite',
        connection: { filename: path.resolve(__dirname, '..', env('DATABASE_FILENAME', '.tmp/data.db')) },
        useNullAsDefault: true,
      },
    };
  }
  if (client !== 'postgres' && client !== 'mysql') {
    throw new Error(`DATABASE_CLIENT must be sqlite, postgres or mysql, not ${JSON.stringify(client)}`);
  }
  return {
    connection: {
      client,
      connection: {
        host: env('DATABASE_HOST', '127.0.0.1'),
        port: env.int('DATABASE_PORT'),
        database: env('DATABASE_NAME'),
        user: env('DATABASE_USERNAME'),
        password: env('DATABASE_PASSWORD'),
      },
      pool: { min: 0, max: 5 },
    },
  };
};
