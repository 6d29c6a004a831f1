/**
 * SPEC §2.13: about 55 US universities that use Canvas, each with the host its students sign in at
 * (a vanity domain or its *.instructure.com name; a school's instance answers on both, canvas-api.md §1).
 * Anything else goes through 'Other/Custom Canvas URL'.
 */
export const UNIVERSITIES = [
  { name: "Arizona State University", domain: "canvas.asu.edu" },
  { name: "Auburn University", domain: "auburn.instructure.com" },
  { name: "Brigham Young University", domain: "byu.instructure.com" },
  { name: "Brown University", domain: "canvas.brown.edu" },
  { name: "California Institute of Technology", domain: "canvas.caltech.edu" },
  { name: "Carnegie Mellon University", domain: "canvas.cmu.edu" },
  { name: "Clemson University", domain: "clemson.instructure.com" },
  { name: "Columbia University", domain: "courseworks2.columbia.edu" },
  { name: "Cornell University", domain: "canvas.cornell.edu" },
  { name: "Dartmouth College", domain: "canvas.dartmouth.edu" },
  { name: "Duke University", domain: "canvas.duke.edu" },
  { name: "Emory University", domain: "canvas.emory.edu" },
  { name: "Florida State University", domain: "canvas.fsu.edu" },
  { name: "Georgia Institute of Technology", domain: "gatech.instructure.com" },
  { name: "Harvard University", domain: "canvas.harvard.edu" },
  { name: "Indiana University", domain: "canvas.iu.edu" },
  { name: "Johns Hopkins University", domain: "canvas.jhu.edu" },
  { name: "Massachusetts Institute of Technology", domain: "canvas.mit.edu" },
  { name: "Northeastern University", domain: "canvas.northeastern.edu" },
  { name: "Northwestern University", domain: "canvas.northwestern.edu" },
  { name: "Ohio State University", domain: "osu.instructure.com" },
  { name: "Oregon State University", domain: "canvas.oregonstate.edu" },
  { name: "Pennsylvania State University", domain: "psu.instructure.com" },
  { name: "Princeton University", domain: "canvas.princeton.edu" },
  { name: "Rutgers University", domain: "canvas.rutgers.edu" },
  { name: "San Jose State University", domain: "sjsu.instructure.com" },
  { name: "Stanford University", domain: "canvas.stanford.edu" },
  { name: "Texas A&M University", domain: "canvas.tamu.edu" },
  { name: "University of California, Berkeley", domain: "bcourses.berkeley.edu" },
  { name: "University of California, Davis", domain: "canvas.ucdavis.edu" },
  { name: "University of California, Irvine", domain: "canvas.eee.uci.edu" },
  { name: "University of California, Los Angeles", domain: "bruinlearn.ucla.edu" },
  { name: "University of California, San Diego", domain: "canvas.ucsd.edu" },
  { name: "University of Central Florida", domain: "webcourses.ucf.edu" },
  { name: "University of Chicago", domain: "canvas.uchicago.edu" },
  { name: "University of Colorado Boulder", domain: "canvas.colorado.edu" },
  { name: "University of Florida", domain: "ufl.instructure.com" },
  { name: "University of Illinois Urbana-Champaign", domain: "canvas.illinois.edu" },
  { name: "University of Iowa", domain: "uiowa.instructure.com" },
  { name: "University of Kansas", domain: "canvas.ku.edu" },
  { name: "University of Maryland", domain: "umd.instructure.com" },
  { name: "University of Michigan", domain: "umich.instructure.com" },
  { name: "University of Minnesota", domain: "canvas.umn.edu" },
  { name: "University of North Carolina at Chapel Hill", domain: "uncch.instructure.com" },
  { name: "University of Notre Dame", domain: "canvas.nd.edu" },
  { name: "University of Pennsylvania", domain: "canvas.upenn.edu" },
  { name: "University of Pittsburgh", domain: "canvas.pitt.edu" },
  { name: "University of Texas at Austin", domain: "utexas.instructure.com" },
  { name: "University of Utah", domain: "utah.instructure.com" },
  { name: "University of Virginia", domain: "canvas.its.virginia.edu" },
  { name: "University of Washington", domain: "canvas.uw.edu" },
  { name: "University of Wisconsin-Madison", domain: "canvas.wisc.edu" },
  { name: "Virginia Tech", domain: "canvas.vt.edu" },
  { name: "Washington University in St. Louis", domain: "wustl.instructure.com" },
  { name: "Yale University", domain: "canvas.yale.edu" },
] as const;

export const CUSTOM_UNIVERSITY = { value: "custom", label: "Other/Custom Canvas URL" } as const;

/** The host to connect to for a select value: the university's, or the custom domain typed. */
export function universityDomain(selected: string, customDomain: string): string {
  if (selected === CUSTOM_UNIVERSITY.value) return customDomain.trim();
  return UNIVERSITIES.find((u) => u.domain === selected)?.domain ?? "";
}
