import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::parameter-image.parameter-image');
