/** Generated SVG fixtures with planted canaries, in the shapes Inkscape and Illustrator write. */

export const SVG_CANARIES = [
  'CANARY_DOCNAME',
  'CANARY_EXPORT',
  'CANARY_CREATOR',
  'CANARY_COMMENT',
  'CANARY_PGF',
  'CANARY_XMP',
  'CANARY_LABEL',
];

export const INKSCAPE_SVG = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!-- CANARY_COMMENT -->
<svg
   xmlns:dc="http://purl.org/dc/elements/1.1/"
   xmlns:cc="http://creativecommons.org/ns#"
   xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"
   xmlns="http://www.w3.org/2000/svg"
   xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
   xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
   width="64"
   height="48"
   viewBox="0 0 64 48"
   sodipodi:docname="C:\\Users\\CANARY_DOCNAME\\drawing.svg"
   inkscape:export-filename="/home/CANARY_EXPORT/drawing.png"
   inkscape:version="1.3 (0e150ed6c4, 2023-07-21)">
  <title>Accessible title</title>
  <desc>A red square &amp; a blue circle</desc>
  <sodipodi:namedview id="base" inkscape:window-width="1366" />
  <metadata>
    <rdf:RDF>
      <cc:Work rdf:about="">
        <dc:creator><cc:Agent><dc:title>CANARY_CREATOR</dc:title></cc:Agent></dc:creator>
        <dc:date>2021-03-04</dc:date>
      </cc:Work>
    </rdf:RDF>
  </metadata>
  <style><![CDATA[ rect { stroke: black; } /* <metadata> is only text here */ ]]></style>
  <g inkscape:label="CANARY_LABEL" inkscape:groupmode="layer" id="layer1">
    <rect x="4" y="4" width="24" height="24" fill="red" data-note="a > b" />
    <circle cx="44" cy="24" r="12" fill="blue" sodipodi:type="arc" />
    <text x="4" y="44" xml:space="preserve">kept<!-- CANARY_COMMENT --> text</text>
  </g>
</svg>
`;

export const ILLUSTRATOR_SVG = `<?xml version="1.0" encoding="utf-8"?>
<!-- Generator: Adobe Illustrator 27.0.0, SVG Export Plug-In . SVG Version: 6.00 Build 0)  -->
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [
	<!ENTITY ns_extend "http://ns.adobe.com/Extensibility/1.0/">
	<!ENTITY ns_ai "http://ns.adobe.com/AdobeIllustrator/10.0/">
	<!ENTITY ns_graphs "http://ns.adobe.com/Graphs/1.0/">
]>
<svg version="1.1" xmlns:x="&ns_extend;" xmlns:i="&ns_ai;" xmlns:graph="&ns_graphs;"
	 xmlns="http://www.w3.org/2000/svg" width="64px" height="48px" viewBox="0 0 64 48">
<switch>
	<foreignObject requiredExtensions="&ns_ai;" x="0" y="0" width="1" height="1">
		<i:pgfRef xlink:href="#adobe_illustrator_pgf" xmlns:xlink="http://www.w3.org/1999/xlink"></i:pgfRef>
	</foreignObject>
	<g i:extraneous="self">
		<rect x="4" y="4" width="56" height="40" fill="#3a7"/>
	</g>
</switch>
<i:pgf id="adobe_illustrator_pgf">
	<![CDATA[ CANARY_PGF ]]>
</i:pgf>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:CreatorTool="CANARY_XMP"/></rdf:RDF></x:xmpmeta>
</svg>
`;
