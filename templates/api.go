package templates

// APIPage describes the JSON API for people.
type APIPage struct {
	Page
	Spec      Link // the OpenAPI document
	Feed      Link // the changes feed in the page's language
	Endpoints []APIEndpoint
}

// APIEndpoint is one route of the API with a request to try.
type APIEndpoint struct {
	Method, Path string
	Description  string
	Example      *Link // a working request, nil for one that needs a body
}
