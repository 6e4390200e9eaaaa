const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::site-setting.site-setting');
