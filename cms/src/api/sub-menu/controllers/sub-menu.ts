import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::sub-menu.sub-menu');
