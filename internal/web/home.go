package web

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/mtgrules/site/templates"
)

func (s *Server) home(c echo.Context) error {
	lang, err := s.lang(c)
	if err != nil {
		return err
	}
	return s.render(c, http.StatusOK, templates.Home(s.rv.Home(request(c, lang))))
}

func (s *Server) contents(c echo.Context) error {
	lang, err := s.lang(c)
	if err != nil {
		return err
	}
	return s.render(c, http.StatusOK, templates.Contents(s.rv.Contents(request(c, lang))))
}
