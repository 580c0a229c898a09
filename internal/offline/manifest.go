package offline

import "github.com/mtgrules/site/internal/urls"

// Manifest is the web app manifest: with it and the service worker a
// phone can put the site on its home screen and open it like an app.
type Manifest struct {
	ID              string `json:"id"`
	Name            string `json:"name"`
	ShortName       string `json:"short_name"`
	Description     string `json:"description"`
	Lang            string `json:"lang"`
	StartURL        string `json:"start_url"`
	Scope           string `json:"scope"`
	Display         string `json:"display"`
	ThemeColor      string `json:"theme_color"`
	BackgroundColor string `json:"background_color"`
	Icons           []Icon `json:"icons"`
}

// Icon is one of the manifest's icons.
type Icon struct {
	Src     string `json:"src"`
	Sizes   string `json:"sizes"`
	Type    string `json:"type"`
	Purpose string `json:"purpose,omitempty"`
}

// App is the manifest of the site in lang: one app whichever language it
// was installed from (its id is the site's root), started on lang's home
// page.
func App(lang, name, shortName, desc, themeColor, background string, icons []Icon) Manifest {
	return Manifest{
		ID: urls.RouteRoot, Name: name, ShortName: shortName, Description: desc, Lang: lang,
		StartURL: urls.Home(lang), Scope: urls.RouteRoot, Display: "standalone",
		ThemeColor: themeColor, BackgroundColor: background, Icons: icons,
	}
}
