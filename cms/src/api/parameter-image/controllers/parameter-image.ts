import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::parameter-image.parameter-image');
